import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { I18nProvider } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import { PageAlternatesProvider } from '@/lib/i18n/page-alternates';

type Props = {
  locale: Locale;
  queryClient: QueryClient;
  children: ReactNode;
};

export function AppProvider({ locale, queryClient, children }: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider locale={locale}>
        <PageAlternatesProvider>{children}</PageAlternatesProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
