import { legalMetadata, LegalDocumentPage } from '@/components/legal/legal-document';

export const metadata = legalMetadata('terms');

export default function TermsPage() {
  return <LegalDocumentPage slug="terms" />;
}
