import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from './core';

/**
 * A person's favourite graphs in one organisation (data-portal.md 3, Favourite graph): a name, unique for
 * the person in the organisation (saving under the same name replaces), and the encoded graph definition the
 * time series opens with (`/reports/ts?defaults=`).
 */
export const favouriteGraphs = pgTable(
  'favourite_graphs',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    graph: text('graph').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('favourite_graphs_name_unique').on(t.organisationId, t.userId, t.name)],
);
