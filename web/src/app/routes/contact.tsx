import { ContactPage } from '@/features/contact/components/contact-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { useI18n } from '@/lib/i18n/i18n-provider';

/** `/kontakt` (`/en/contact`): the guesthouse's contact details, map and route planning. */
export function ContactRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('nav.contact'));
  useMetaDescription(t('contact.lead'));
  return <ContactPage />;
}
