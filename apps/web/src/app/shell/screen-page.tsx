import { useLocation } from 'react-router';
import { NotBuiltPage } from '../../components/not-built-page';
import { NotFoundPage } from '../../components/not-found-page';
import { titleFor } from './route-titles';

/** Every path of the product that has no screen yet lands here, as does every unknown path. */
export function ScreenPage() {
  const { pathname } = useLocation();
  const title = titleFor(pathname);
  return title ? <NotBuiltPage key={pathname} title={title} /> : <NotFoundPage />;
}
