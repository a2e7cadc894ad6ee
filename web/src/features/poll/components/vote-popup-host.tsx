import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useMatches, useNavigation } from 'react-router';

import { usePoll } from '@/features/poll/api/get-poll';
import { hasSeenVotePopup, rememberVotePopup } from '@/features/poll/utils/vote-popup';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { RouteHandle } from '@/types/router';

import { VotePopup } from './vote-popup';

type State = 'waiting' | 'open' | 'closed';

/**
 * How long the page stays ready (data there, no navigation) before the
 * pop-up opens: a dialog the page opens with its data (the age gate) is
 * there by then.
 */
export const VOTE_POPUP_SETTLE_MS = 200;

/**
 * When the vote pop-up opens (spec 4): on a page load without cookie
 * `votePopupOpened`, while a poll with answers runs (GET /poll; a 404 means none), once
 * the page has its data. Not over checkout, the content editor or an
 * e-mail's link (routes with `handle.noPopups`), nor over another dialog
 * (the age gate, a basket modal): it waits for the next page then. Closing
 * it sets the cookie, so it does not open again; a visitor who has the
 * cookie is not even asked about the poll.
 */
export function VotePopupHost() {
  const { locale } = useI18n();
  const [state, setState] = useState<State>(() => (hasSeenVotePopup(document.cookie) ? 'closed' : 'waiting'));
  const poll = usePoll(locale, state !== 'closed');
  const noPopups = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.noPopups === true);
  const navigation = useNavigation();
  const loading = useIsFetching() > 0;
  const { key } = useLocation();
  const ready =
    state === 'waiting' && !!poll.data?.options.length && !noPopups && navigation.state === 'idle' && !loading;

  useEffect(() => {
    if (!ready) return undefined;
    const timer = setTimeout(() => {
      if (document.querySelector('[aria-modal="true"]')) return;
      // Closed in another tab meanwhile.
      setState(hasSeenVotePopup(document.cookie) ? 'closed' : 'open');
    }, VOTE_POPUP_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [ready, key]);

  if (state !== 'open' || !poll.data) return null;
  return (
    <VotePopup
      poll={poll.data}
      reload={() => poll.refetch()}
      onClose={() => {
        rememberVotePopup();
        setState('closed');
      }}
    />
  );
}
