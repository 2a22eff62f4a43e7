/**
 * Inflate worker: the first stage of dataset imports (read the file, SHA-256,
 * gunzip), so that the page's thread only splits, parses and writes. Each
 * message starts one shard on its own MessagePort; see
 * src/storage/inflateChannel.ts for the protocol.
 */
import { INFLATE_WORKER_READY, serveShard } from '../src/storage/inflateChannel.ts';
import type { ShardRequest } from '../src/storage/inflateChannel.ts';

self.onmessage = (e: MessageEvent<ShardRequest>) => void serveShard(e.data);
self.postMessage(INFLATE_WORKER_READY);
