/**
 * A per-request batching cache (the DataLoader idea in a few lines, no package): every key
 * asked for while one round of resolvers runs is fetched by one call of `batch`, and each key
 * is fetched at most once per request.
 */
export class BatchLoader<K, V> {
  private readonly cache = new Map<K, Promise<V>>();
  private queue: { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];

  /** `batch` answers a map holding a value for every key it could find; others get `missing`. */
  constructor(
    private readonly batch: (keys: K[]) => Promise<Map<K, V>>,
    private readonly missing: V,
  ) {}

  load(key: K): Promise<V> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V>((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      // Sibling resolvers of a list run in the same turn, and their promises settle within
      // it: waiting for the next macrotask gathers all of them into one batch.
      if (this.queue.length === 1) setImmediate(() => void this.dispatch());
    });
    this.cache.set(key, promise);
    return promise;
  }

  loadMany(keys: readonly K[]): Promise<V[]> {
    return Promise.all(keys.map((k) => this.load(k)));
  }

  /** Stores values fetched some other way, so later loads need no call. */
  prime(key: K, value: V): void {
    if (!this.cache.has(key)) this.cache.set(key, Promise.resolve(value));
  }

  private async dispatch() {
    const queue = this.queue;
    this.queue = [];
    try {
      const found = await this.batch(queue.map((q) => q.key));
      for (const [key, value] of found) this.prime(key, value);
      for (const q of queue) q.resolve(found.has(q.key) ? found.get(q.key)! : this.missing);
    } catch (error) {
      for (const q of queue) {
        // A failed batch is not cached: a later request may succeed.
        this.cache.delete(q.key);
        q.reject(error);
      }
    }
  }
}
