import { legalMetadata, LegalDocumentPage } from '@/components/legal/legal-document';

export const metadata = legalMetadata('shipping');

export default function ShippingPage() {
  return <LegalDocumentPage slug="shipping" />;
}
