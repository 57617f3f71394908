/**
 * Properties of the upload's OLE2 reader (src/features/uploads/cfb.ts) and macro check (macros.ts), checked with
 * fast-check on generated compound files and on those files mutated (tests/fixtures/arbitraries/cfb.ts: bytes
 * flipped, cut short, padded, header counts replaced, FAT and DIFAT entries pointing at themselves or into
 * another chain), each at most 1 MiB (docs/security.md, review item 4):
 * (a) the reader and the macro check answer every file with their typed result (a CompoundFile or null; a
 *     boolean) and never throw, reading each sector of the file at most once (sectorsRead ≤ sectors, whatever the
 *     file's tables claim), every stream no longer than its entry says nor than the file, within 2 s a file
 *     (a generous bound: a file takes milliseconds; the deterministic bound is the sector count);
 * (b) a well-formed file still reads exactly: every entry, every stream's bytes, and the macro answer.
 *
 * 200 runs a property in `npm test`; FUZZ_RUNS sets them (`npm run bench:fuzz` runs 10,000), FUZZ_SEED replays.
 */
import { describe, expect, it } from 'vitest';
import { hasMacros, pptHasVba, readCompoundFile } from '../../../src/features/uploads/macros.ts';
import { cfbFile, hostileCfb, MAX_CFB_BYTES } from '../../fixtures/arbitraries/cfb.ts';
import { holds } from '../leads/property/holds.ts';

const RUNS = Number(process.env.FUZZ_RUNS) || 200;
const PER_FILE_MS = 2000;
const TIMEOUT = Math.max(60_000, RUNS * 100);
const nothingBefore = async () => {};

describe('the OLE2 reader and the macro check, on generated and mutated files', () => {
  it(
    '(a) answer every file with their typed result, never throw, and read each sector at most once',
    async () => {
      await holds(
        'cfb: typed result, bounded',
        hostileCfb,
        async ({ bytes }) => {
          expect(bytes.length).toBeLessThanOrEqual(MAX_CFB_BYTES);
          const started = performance.now();
          const macros = hasMacros(bytes);
          expect(typeof macros).toBe('boolean');
          const file = readCompoundFile(bytes);
          if (file !== null) {
            expect(Array.isArray(file.entries)).toBe(true);
            for (const entry of file.entries) {
              const data = file.stream(entry);
              expect(data).toBeInstanceOf(Uint8Array);
              expect(data.length).toBeLessThanOrEqual(Math.min(entry.size, bytes.length));
              expect(typeof pptHasVba(data)).toBe('boolean');
            }
            expect(file.sectors).toBeLessThanOrEqual(Math.ceil(bytes.length / 512));
            expect(file.sectorsRead).toBeLessThanOrEqual(file.sectors);
          }
          expect(performance.now() - started).toBeLessThan(PER_FILE_MS);
        },
        nothingBefore,
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    '(b) read a well-formed file exactly: its entries, their bytes and whether it has macros',
    async () => {
      await holds(
        'cfb: well-formed files read exactly',
        cfbFile,
        async ({ entries, macros, bytes }) => {
          const file = readCompoundFile(bytes)!;
          expect(file.entries.map((e) => e.name)).toEqual(['Root Entry', ...entries.map((e) => e.name)]);
          entries.forEach((entry, i) => {
            if (entry.data) expect(file.stream(file.entries[i + 1]!)).toEqual(entry.data);
          });
          expect(file.sectorsRead).toBeLessThanOrEqual(file.sectors);
          expect(hasMacros(bytes)).toBe(macros);
        },
        nothingBefore,
        RUNS,
      );
    },
    TIMEOUT,
  );
});
