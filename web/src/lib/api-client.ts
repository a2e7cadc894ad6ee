/**
 * The one place that talks HTTP to the shop API.
 *
 * - Base path `/shop-api`; every call carries `channel` and `locale` (spec 7).
 *   `getPage` fetches a same-origin page fragment (HTML) outside the API.
 * - A body goes as JSON; a `rawBody` (e.g. a picture file) as it is, its
 *   own type the Content-Type.
 * - A non-2xx answer throws an `ApiError` with the body's `message`, `code`
 *   and field `errors`; a request that cannot be sent throws an `ApiError`
 *   with status 0. Both raise an error notification (spec 8) unless the call
 *   opts out with `notifyOnError: false`. Cancelled requests stay silent.
 */
import { env } from '@/config/env';
import { toQueryString, type QueryParams } from '@/config/paths';
import type { Locale } from '@/lib/i18n/locale';
import { notifyError } from '@/lib/i18n/notify-error';
import { createTranslator } from '@/lib/i18n/translate';
import { notifications } from '@/lib/notifications';
import type { ApiErrorBody, FieldError } from '@/types/api';

export class ApiError extends Error {
  /** HTTP status, 0 when the request never got an answer. */
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[];

  constructor(status: number, body: Partial<ApiErrorBody>, fallbackMessage: string) {
    super(body.message || fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code ?? (status === 0 ? 'network_error' : 'unknown_error');
    this.errors = body.errors ?? [];
  }
}

/**
 * The server refused what was asked, naming why: 400 for a request its API
 * document rules out, 422 for one that breaks a rule no schema can state
 * (dates, checksums, a room's capacity). Either is shown beside its fields.
 */
export const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 400 || error.status === 422);

export type RequestOptions = {
  /** Sent as the `locale` query parameter; also picks the language of generic errors. */
  locale: Locale;
  query?: QueryParams;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its own type as the Content-Type (e.g. a picture file); instead of `body`. */
  rawBody?: Blob;
  signal?: AbortSignal;
  /** The browser cache's part (`no-store` for an answer that is the visitor's own). */
  cache?: RequestCache;
  /** Extra request headers (e.g. the script marker of cookie-authenticated changes). */
  headers?: Record<string, string>;
  /**
   * Set false where the caller shows the failure itself (e.g. the weather widget),
   * or pass a predicate to stay quiet for some answers only (e.g. a 404 the page shows).
   */
  notifyOnError?: boolean | ((error: ApiError) => boolean);
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function buildApiUrl(path: string, locale: Locale, query?: QueryParams): string {
  const search = toQueryString({ ...query, channel: env.channelCode, locale });
  return `${env.apiBase}${path.startsWith('/') ? path : `/${path}`}${search}`;
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

async function readErrorBody(response: Response): Promise<Partial<ApiErrorBody>> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? body : {};
  } catch {
    return {};
  }
}

function shouldNotify(notifyOnError: RequestOptions['notifyOnError'], error: ApiError): boolean {
  return typeof notifyOnError === 'function' ? notifyOnError(error) : notifyOnError !== false;
}

/**
 * Sends a request and returns a 2xx response; anything else becomes an
 * `ApiError` (and a notification, unless the caller opts out).
 */
async function send(
  method: Method,
  url: URL,
  accept: string,
  options: Pick<RequestOptions, 'locale' | 'body' | 'rawBody' | 'signal' | 'notifyOnError' | 'cache' | 'headers'>,
): Promise<Response> {
  const { locale, body, rawBody, signal, cache, headers, notifyOnError = true } = options;
  const contentType = rawBody ? rawBody.type : body === undefined ? '' : 'application/json';
  // Read at failure time: the page's dictionary may still be on its way at the first request.
  const generic = () => createTranslator(locale)('errors.generic');

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      signal,
      cache,
      credentials: 'same-origin',
      headers: {
        ...headers,
        Accept: accept,
        ...(contentType ? { 'Content-Type': contentType } : {}),
      },
      // A raw body goes as its bytes: fetch outside a browser (tests) takes no other environment's Blob.
      body: rawBody ? await rawBody.arrayBuffer() : body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    const failure = new ApiError(0, {}, generic());
    if (shouldNotify(notifyOnError, failure)) notifyError(locale, (t) => t('errors.generic'));
    throw failure;
  }

  if (!response.ok) {
    const errorBody = await readErrorBody(response);
    const error = new ApiError(response.status, errorBody, generic());
    if (shouldNotify(notifyOnError, error)) {
      // The server's message as it sent it; without one, the generic message in the page language.
      if (errorBody.message) notifications.notify('error', errorBody.message);
      else notifyError(locale, (t) => t('errors.generic'));
    }
    throw error;
  }
  return response;
}

// An absolute URL: fetch outside a browser (tests) cannot resolve a bare path.
const absolute = (path: string) => new URL(path, globalThis.location?.origin);

async function request<T>(method: Method, path: string, options: RequestOptions): Promise<T> {
  const url = absolute(buildApiUrl(path, options.locale, options.query));
  const response = await send(method, url, 'application/json', options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * GET of a server-rendered page part outside the shop API (e.g. the room
 * popup's fragment, spec 7): a same-origin path as given, without the
 * channel query, answered as text. Errors behave as for API calls.
 */
async function getPage(path: string, options: Omit<RequestOptions, 'body' | 'rawBody'>): Promise<string> {
  const url = absolute(`${path}${toQueryString(options.query)}`);
  if (url.origin !== absolute('/').origin) throw new Error(`Not a same-origin page: ${path}`);
  const response = await send('GET', url, 'text/html', options);
  return response.text();
}

export const apiClient = {
  get: <T>(path: string, options: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options: RequestOptions) => request<T>('PUT', path, options),
  delete: <T>(path: string, options: RequestOptions) => request<T>('DELETE', path, options),
  getPage,
};
