/**
 * Code loaded on demand (page chunks, dictionaries) that fails or has not
 * arrived after 120 seconds has failed (spec 8). A dynamic import cannot be
 * cancelled: after the timeout its late answer is ignored.
 */
import { CHUNK_LOAD_TIMEOUT_MS } from '@/config/constants';

export class ChunkLoadError extends Error {
  /** True when the chunk did not arrive in time, false when loading it failed. */
  readonly timedOut: boolean;

  constructor(timedOut: boolean, cause?: unknown) {
    super(timedOut ? 'Loading a chunk timed out' : 'Loading a chunk failed', { cause });
    this.name = 'ChunkLoadError';
    this.timedOut = timedOut;
  }
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError => error instanceof ChunkLoadError;

/** `load()`, or a `ChunkLoadError` when it fails or has not settled after `timeoutMs`. */
export function withTimeout<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(true)), timeoutMs);
    Promise.resolve()
      .then(load)
      .then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError(false, error));
        },
      );
  });
}
