import { describe, expect, it } from 'vitest';
import {
  accept,
  ACCEPTED_EXTENSIONS,
  checkFileChoice,
  extensionOf,
  formatBytes,
  MAX_FILE_BYTES,
  PART_BYTES,
  partCountOf,
  uploadStartSchema,
} from '../../../src/features/uploads/contract.ts';

describe('upload rules shared by the intake and the uploads function', () => {
  it('reads the extension in lower case, and none from a bare or dot-only name', () => {
    expect(extensionOf('Deck.Final.PPTX')).toBe('pptx');
    expect(extensionOf('scan.jpeg')).toBe('jpeg');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('.pdf')).toBe('');
    expect(extensionOf('report.')).toBe('');
  });

  it('accepts the eight document types up to exactly 10 MB and gives a clear reason otherwise', () => {
    for (const extension of ACCEPTED_EXTENSIONS) {
      expect(checkFileChoice({ name: `file.${extension.toUpperCase()}`, size: 1 })).toBeNull();
    }
    expect(MAX_FILE_BYTES).toBe(10 * 1024 * 1024);
    expect(checkFileChoice({ name: 'a.pdf', size: MAX_FILE_BYTES })).toBeNull();
    expect(checkFileChoice({ name: 'a.pdf', size: MAX_FILE_BYTES + 1 })).toBe('This file is larger than 10 MB.');
    expect(checkFileChoice({ name: 'a.pdf', size: 0 })).toBe('This file is empty.');
    for (const name of ['setup.exe', 'notes.txt', 'sheet.xlsx', 'noextension']) {
      expect(checkFileChoice({ name, size: 100 })).toBe(
        'This file type is not accepted. Use PDF, Word, PowerPoint, JPG or PNG.',
      );
    }
  });

  it("gives react-dropzone's accept map every accepted extension exactly once", () => {
    expect(accept['application/pdf']).toEqual(['.pdf']);
    expect(accept['image/jpeg']).toEqual(['.jpg', '.jpeg']);
    expect(Object.values(accept).flat().sort()).toEqual(ACCEPTED_EXTENSIONS.map((e) => `.${e}`).sort());
  });

  it('splits a file into parts of at most 4 MB', () => {
    expect(PART_BYTES).toBe(4 * 1024 * 1024);
    expect(partCountOf(1)).toBe(1);
    expect(partCountOf(PART_BYTES)).toBe(1);
    expect(partCountOf(PART_BYTES + 1)).toBe(2);
    expect(partCountOf(9 * 1024 * 1024)).toBe(3);
    expect(partCountOf(MAX_FILE_BYTES)).toBe(3);
  });

  it('prints sizes for people', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(PART_BYTES)).toBe('4 MB');
    expect(formatBytes(9.25 * 1024 * 1024)).toBe('9.3 MB');
  });

  it('validates the start body: a trimmed name and a whole, non-negative size', () => {
    expect(uploadStartSchema.safeParse({ fileName: ' deck.pptx ', fileSize: 10 }).data).toEqual({
      fileName: 'deck.pptx',
      fileSize: 10,
    });
    expect(uploadStartSchema.safeParse({ fileName: '', fileSize: 10 }).success).toBe(false);
    expect(uploadStartSchema.safeParse({ fileName: 'a.pdf', fileSize: 1.5 }).success).toBe(false);
    expect(uploadStartSchema.safeParse({ fileName: 'a.pdf', fileSize: -1 }).success).toBe(false);
    expect(uploadStartSchema.safeParse({ fileName: `${'a'.repeat(252)}.pdf`, fileSize: 1 }).success).toBe(false);
  });
});
