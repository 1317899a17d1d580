import { legalMetadata, LegalDocumentPage } from '@/components/legal/legal-document';

export const metadata = legalMetadata('returns');

export default function ReturnsPage() {
  return <LegalDocumentPage slug="returns" />;
}
