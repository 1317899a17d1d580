import { legalMetadata, LegalDocumentPage } from '@/components/legal/legal-document';

export const metadata = legalMetadata('privacy');

export default function PrivacyPage() {
  return <LegalDocumentPage slug="privacy" />;
}
