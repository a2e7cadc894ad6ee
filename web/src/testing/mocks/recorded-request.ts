/** A request as an in-memory server keeps it, for a test to look at. */
export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** Whether the `X-Requested-With: XMLHttpRequest` marker came with it. */
  marker: boolean;
};

/** What a test asks of a request that reached an in-memory server; the request stays readable. */
export async function recordRequest(request: Request): Promise<RecordedRequest> {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.clone().text();
  return {
    method: request.method,
    path: url.pathname.replace('/shop-api', ''),
    query: Object.fromEntries(url.searchParams),
    body: text ? (JSON.parse(text) as unknown) : undefined,
    marker: request.headers.get('x-requested-with') === 'XMLHttpRequest',
  };
}
