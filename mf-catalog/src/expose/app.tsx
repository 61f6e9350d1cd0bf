import '../app/catalog.css';
import { CatalogRoutes } from '../app/routes.js';

/**
 * `catalog/App`: the Learning Hub and Recommended Projects. Uses the shell's router and store
 * (libs/federation "exposed-module convention").
 */
export default function CatalogApp() {
  return (
    <div className="catalog">
      <CatalogRoutes />
    </div>
  );
}
