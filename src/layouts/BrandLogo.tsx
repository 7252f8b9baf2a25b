import { Link } from 'react-router';
import { useApp } from '../app/app-context.tsx';

/** The brand's logo, linking to the start of the application; its text alternative is the project name. */
export function BrandLogo() {
  const { brand, logoUrl } = useApp();
  return (
    <Link to="/" className="brand-logo">
      <img src={logoUrl} alt={brand.projectName} />
    </Link>
  );
}
