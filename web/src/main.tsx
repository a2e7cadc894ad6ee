import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { loadLanguage } from '@/lib/i18n/load-language';
import { getDocumentLocale } from '@/lib/i18n/locale';
import { createQueryClient } from '@/lib/react-query';

import '@/app/styles.css';

const locale = getDocumentLocale();
const queryClient = createQueryClient();
// Created at once: the first page's code and data load together with the page's language.
const router = createAppRouter(locale, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('no #root');

void loadLanguage(locale).then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProvider locale={locale} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
