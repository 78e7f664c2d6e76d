import { NotFoundPage } from '../../components/not-found-page';

/**
 * Every path no route takes lands here: every screen of the product is built, so a path under a known area that
 * no screen answers (a mistyped link) is not found, not a screen to come.
 */
export function ScreenPage() {
  return <NotFoundPage />;
}
