/**
 * The rights engine: the one place that answers what a caller may do. Services ask it before they read
 * or write. Questions about many organisations (and, later, many assets) are answered in one query.
 */
export * from './asset-rights';
export * from './organisation-roles';
export * from './visible-meters';
