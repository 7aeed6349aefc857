import { parentPort } from 'node:worker_threads';
import type { ImportOptions } from '@ledgerly/shared';
import { parseStatement } from './index.js';
import { ImportFileError, type ImportFileErrorCode, type ParseResult } from './types.js';

/*
 * The statement reader's thread (pool.ts starts it): reads one file per message and answers
 * with the result or the refusal. Compiled as its own entry (dist/parse-worker.js) by
 * scripts/build.mjs; started from the TypeScript source under tsx in tests and `npm run dev`.
 */

export interface ParseRequest {
  id: number;
  bytes: Uint8Array;
  options: ImportOptions;
  fileName: string;
}

export type ParseAnswer =
  | { id: number; ok: true; result: ParseResult }
  | { id: number; ok: false; code: ImportFileErrorCode; message: string }
  | { id: number; ok: false; crash: string };

const port = parentPort;
if (port) {
  port.on('message', (request: ParseRequest) => {
    let answer: ParseAnswer;
    try {
      answer = { id: request.id, ok: true, result: parseStatement(request.bytes, request.options, request.fileName) };
    } catch (error) {
      answer =
        error instanceof ImportFileError
          ? { id: request.id, ok: false, code: error.code, message: error.message }
          : {
              id: request.id,
              ok: false,
              crash: error instanceof Error ? (error.stack ?? error.message) : String(error),
            };
    }
    port.postMessage(answer);
  });
}
