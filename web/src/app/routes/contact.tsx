import { ContactPage } from '@/features/contact/components/contact-page';
import { usePageHead } from '@/hooks/use-page-head';
import { useI18n } from '@/lib/i18n/i18n-provider';

/** `/kontakt` (`/en/contact`): the guesthouse's contact details, map and route planning. */
export function ContactRoute() {
  const { t } = useI18n();
  usePageHead(t('nav.contact'), t('contact.lead'));
  return <ContactPage />;
}
