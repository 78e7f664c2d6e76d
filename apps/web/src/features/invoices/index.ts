/** Invoice entry: the single invoice page and the New Invoice route, loaded lazily by the router. */
export { type NewInvoiceChoice, NewInvoiceDialog } from './components/new-invoice-dialog';
export { InvoicePage } from './pages/invoice-page';
export { NewInvoicePage } from './pages/new-invoice-page';
