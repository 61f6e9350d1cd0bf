import { AUTH_HEADER, LIVE_LIMITS, QNA_LIVE, type QnaLiveEvent, type Topic } from '@dblearn/contracts';
import { API_BASE_URL, selectToken } from '@dblearn/web';
import { qnaApi, questionTag } from './qna-question.js';

/** A question someone else posted since this list was read. */
export interface NewQuestion {
  id: string;
  topic: Topic;
}

export interface LiveNotice {
  kind: QnaLiveEvent['kind'];
  /** What a screen reader is told. */
  text: string;
  replyId: string | null;
}

/** What the live stream told this tab. */
export interface QnaLiveState {
  /** The stream is open (false before the first `ready` and while reconnecting). */
  connected: boolean;
  /** Questions posted by others since the list was last shown fresh ("N new questions"). */
  newQuestions: NewQuestion[];
  /** Questions this tab posted: never counted as new. */
  ownQuestionIds: string[];
  /** Per question: the last change heard, worded for a screen reader, with the reply it is about. */
  notices: Record<string, LiveNotice>;
}

const NOTICES: Partial<Record<QnaLiveEvent['kind'], string>> = {
  replied: 'A new answer was posted.',
  updated: 'This question was updated.',
  accepted: 'The accepted answer changed.',
  deleted: 'This question was deleted.',
};

/** A refusal the stream will not get past by trying again (signed out, too many tabs). */
class StreamRefused extends Error {}

/**
 * GET /live/qna as an RTK Query streaming entry (issue 22): one cache entry, so one connection per
 * tab whatever the pages subscribed; fetch-based, so the token goes in its header, never in the URL.
 * Each change invalidates that question's tag (its thread and any list page showing it read again);
 * a new question is counted for the list's "N new questions"; every `ready` after the first (a
 * reconnect, or a new stream after three silent heartbeats) reads all Q&A pages again, which is how
 * the tab catches up on what it missed.
 */
export const qnaLiveApi = qnaApi.injectEndpoints({
  endpoints: (build) => ({
    qnaLive: build.query<QnaLiveState, void>({
      queryFn: () => ({ data: { connected: false, newQuestions: [], ownQuestionIds: [], notices: {} } }),
      // Going from the list to a thread and back keeps the connection.
      keepUnusedDataFor: 10,
      async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, dispatch, getState }) {
        await cacheDataLoaded;
        const { fetchEventSource } = await import('@microsoft/fetch-event-source');
        let opened = 0;
        let stream = new AbortController();
        let refused = false;
        // The watchdog: a stream that went silent for three heartbeats (a dead connection nobody
        // closed) is replaced by a new one, whose `ready` then reads everything again.
        let heartbeatMs: number = LIVE_LIMITS.heartbeatMs;
        let lastHeard = Date.now();
        const token = selectToken(getState() as unknown as Parameters<typeof selectToken>[0]);
        const heard = (event: QnaLiveEvent) => {
          updateCachedData((state) => {
            const notice = NOTICES[event.kind];
            if (notice) state.notices[event.questionId] = { kind: event.kind, text: notice, replyId: event.replyId };
            if (event.kind === 'created' && !state.ownQuestionIds.includes(event.questionId)) state.newQuestions.push({ id: event.questionId, topic: event.topic });
            if (event.kind === 'deleted') state.newQuestions = state.newQuestions.filter((question) => question.id !== event.questionId);
          });
          if (event.kind !== 'created') dispatch(qnaApi.util.invalidateTags([questionTag(event.questionId)]));
        };
        const open = () => {
          stream = new AbortController();
          lastHeard = Date.now();
          fetchEventSource(`${API_BASE_URL}${QNA_LIVE.path}`, {
            headers: token ? { [AUTH_HEADER]: token } : {},
            signal: stream.signal,
            // One stream per tab, kept while the tab is hidden: a hidden tab's reconnect would miss nothing anyway.
            openWhenHidden: true,
            onopen: async (response) => {
              if (response.ok) return;
              // 401 (signed out), 429 (too many tabs) and the like: trying again would not help.
              if (response.status >= 400 && response.status < 500) throw new StreamRefused(String(response.status));
              throw new Error(`The live stream answered ${response.status}.`);
            },
            onmessage: (message) => {
              lastHeard = Date.now();
              if (message.event === QNA_LIVE.readyEvent) {
                opened += 1;
                heartbeatMs = (JSON.parse(message.data || '{}') as { heartbeatMs?: number }).heartbeatMs ?? heartbeatMs;
                updateCachedData((state) => void (state.connected = true));
                if (opened > 1) dispatch(qnaApi.util.invalidateTags(['Qna']));
              } else if (message.event === QNA_LIVE.changeEvent) {
                heard(JSON.parse(message.data) as QnaLiveEvent);
              }
            },
            onclose: () => {
              // The gateway went away (a restart): reconnect (throwing makes the library retry).
              throw new Error('The live stream closed.');
            },
            onerror: (error: unknown) => {
              updateCachedData((state) => void (state.connected = false));
              if (error instanceof StreamRefused) throw error;
              return LIVE_LIMITS.retryMs;
            },
          }).catch((error: unknown) => {
            refused = error instanceof StreamRefused;
            updateCachedData((state) => void (state.connected = false));
          });
        };
        open();
        const watchdog = setInterval(() => {
          if (refused || Date.now() - lastHeard < heartbeatMs * 3) return;
          stream.abort();
          open();
        }, 1_000);
        await cacheEntryRemoved;
        clearInterval(watchdog);
        stream.abort();
      },
    }),
  }),
});

export const { useQnaLiveQuery } = qnaLiveApi;

/** The list read fresh: the questions counted as new are now shown. */
export function newQuestionsShown() {
  return qnaLiveApi.util.updateQueryData('qnaLive', undefined, (state) => void (state.newQuestions = []));
}

/** A question this tab posted: not "new", even when its event arrives before the answer does. */
export function ownQuestionPosted(id: string) {
  return qnaLiveApi.util.updateQueryData('qnaLive', undefined, (state) => {
    state.ownQuestionIds.push(id);
    state.newQuestions = state.newQuestions.filter((question) => question.id !== id);
  });
}

