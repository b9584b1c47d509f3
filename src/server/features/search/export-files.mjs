// @ts-check
// The files of a Search Console Performance export, read as rows (a ZIP's entries, or the CSVs given on their own).
// The reading is guarded, since the file comes from outside: only the files used are unzipped, the bytes actually
// inflated are counted (a ZIP's declared sizes may lie) and reading stops the moment they pass the limit, a file
// is refused at its 1,001st row (Search Console's exports hold at most 1,000), and the work is done in slices of a
// few milliseconds with the event loop let through between them, so no import holds up the server's other requests.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createInflateRaw } from 'node:zlib';
import { Unzip } from 'fflate';
import { searchExportLimits, searchExportRefusals } from '../../../config/search-import.mjs';

/** Refused: the reason is for the owner. */
export class ImportRefused extends Error {}

/** The export's files the import reads; the others (Countries.csv, Devices.csv, …) are not even unzipped. */
const filesRead = new Set(['Queries.csv', 'Pages.csv', 'Dates.csv', 'Filters.csv']);
/** A ZIP's bytes handed to the unzipper at a time (it reads the container; zlib inflates, off the event loop). */
const zipChunkBytes = 64 * 1024;
/** The inflated bytes zlib hands over at a time: each is counted, then decoded and parsed. */
const inflateChunkBytes = 64 * 1024;
/** A CSV given as it is is decoded and parsed this many bytes at a time. */
const csvChunkBytes = 64 * 1024;
/** The longest the reading runs before it lets the event loop through. */
const sliceMs = 10;
/** A ZIP whose files are still not read after this long (none should take a second) is given up as unreadable. */
const zipDeadlineMs = 30_000;

/**
 * RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF), read as it arrives, a chunk of text at a time; rows with
 * nothing but blanks are left out. Past `maxRows` rows (the header counted) or `maxColumns` fields in a row it stops
 * with the reason, so an oversized file is refused before it is read.
 */
class CsvReader {
  /** @type {string[][]} */
  rows = [];
  /** @type {string[]} */
  row = [];
  field = '';
  quoted = false;
  /** A quote seen inside a quoted field: the next character says whether it was doubled or closed the field. */
  quoteSeen = false;
  /** A CR ended the last row: a LF right after it belongs to it. */
  afterCr = false;
  started = false;

  /** @param {string} name @param {number} maxRows @param {number} maxColumns */
  constructor(name, maxRows = Infinity, maxColumns = Infinity) {
    this.name = name;
    this.maxRows = maxRows;
    this.maxColumns = maxColumns;
  }

  /** @param {string} text */
  push(text) {
    let i = 0;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.startsWith('\uFEFF')) i = 1;
    }
    const special = /[",\r\n]/g;
    while (i < text.length) {
      if (this.afterCr) {
        this.afterCr = false;
        if (text[i] === '\n') {
          i++;
          continue;
        }
      }
      if (this.quoteSeen) {
        this.quoteSeen = false;
        if (text[i] === '"') {
          this.field += '"';
          i++;
          continue;
        }
        this.quoted = false;
      }
      if (this.quoted) {
        const quote = text.indexOf('"', i);
        if (quote === -1) {
          this.field += text.slice(i);
          return;
        }
        this.field += text.slice(i, quote);
        this.quoteSeen = true;
        i = quote + 1;
        continue;
      }
      special.lastIndex = i;
      const found = special.exec(text);
      if (!found) {
        this.field += text.slice(i);
        return;
      }
      this.field += text.slice(i, found.index);
      i = found.index + 1;
      const c = found[0];
      if (c === '"') this.quoted = true;
      else if (c === ',') this.endField();
      else {
        this.endRow();
        this.afterCr = c === '\r';
      }
    }
  }

  endField() {
    if (this.row.length >= this.maxColumns) throw new ImportRefused(searchExportRefusals.tooManyColumns(this.name, this.rows.length + 1));
    this.row.push(this.field);
    this.field = '';
  }

  endRow() {
    this.endField();
    const row = this.row;
    this.row = [];
    if (!row.some((cell) => cell.trim() !== '')) return;
    if (this.rows.length >= this.maxRows) throw new ImportRefused(searchExportRefusals.tooManyRows(this.name));
    this.rows.push(row);
  }

  /** The rows, once the text has all been pushed. */
  end() {
    if (this.quoteSeen) this.quoted = false;
    if (this.field !== '' || this.row.length > 0) this.endRow();
    return this.rows;
  }
}

/**
 * RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF), without a BOM.
 * @param {string} text
 * @returns {string[][]}
 */
export function parseCsv(text) {
  const reader = new CsvReader('CSV');
  reader.push(text);
  return reader.end();
}

/** One of the export's files as its bytes arrive: decoded as UTF-8 and parsed, within an export's rows. @param {string} name */
function exportFileReader(name) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // The header and at most the export's rows.
  const csv = new CsvReader(name, searchExportLimits.maxRowsPerFile + 1, searchExportLimits.maxColumns);
  return {
    /** The file's rows once `final`, else null. @param {Uint8Array} bytes @param {boolean} final */
    push(bytes, final) {
      let text;
      try {
        text = decoder.decode(bytes, { stream: !final });
      } catch {
        throw new ImportRefused(`${name} is not a text (CSV) file.`);
      }
      csv.push(text);
      return final ? csv.end() : null;
    },
  };
}

/** Lets the event loop through once the reading has run for `sliceMs` since it last did. */
function breather() {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}

/** The unzipped bytes left of the upload's allowance: counted as they are inflated, whatever a ZIP declares. */
function byteAllowance() {
  let left = searchExportLimits.maxUnzippedBytes;
  return {
    /** @param {number} bytes @param {string} fileName */
    take(bytes, fileName) {
      left -= bytes;
      if (left < 0) throw new ImportRefused(searchExportRefusals.unzipsTooLarge(fileName));
    },
  };
}

/** @typedef {import('fflate').UnzipDecoder} UnzipDecoder */

/**
 * DEFLATE for the unzipper by Node's zlib, asynchronously: the inflating is done off the event loop (libuv's
 * threads), a chunk at a time, and stops when the stream is destroyed.
 * @implements {UnzipDecoder}
 */
class ZlibInflate {
  static compression = 8;
  /** @type {import('fflate').AsyncFlateStreamHandler} */
  ondata = () => {};
  stream = createInflateRaw({ chunkSize: inflateChunkBytes });

  constructor() {
    this.stream.on('data', (/** @type {Uint8Array<ArrayBuffer>} */ chunk) => this.ondata(null, chunk, false));
    this.stream.on('end', () => this.ondata(null, new Uint8Array(0), true));
    this.stream.on('error', (error) => this.ondata(/** @type {import('fflate').FlateError} */ (error), new Uint8Array(0), true));
  }

  /** @param {Uint8Array} chunk @param {boolean} final */
  push(chunk, final) {
    if (this.stream.destroyed) return;
    this.stream.write(chunk);
    if (final) this.stream.end();
  }

  terminate() {
    this.stream.destroy();
  }
}

/**
 * The files read from a ZIP, streamed: the container read a chunk at a time, each file used inflated (off the event
 * loop) and parsed as its bytes come; the first refusal (too many bytes, rows or files) stops the unzipping at once.
 * @param {{ name: string, bytes: Uint8Array }} file @param {Map<string, string[][]>} read
 * @param {ReturnType<typeof byteAllowance>} allowance @param {() => Promise<void>} breathe
 */
async function readZip(file, read, allowance, breathe) {
  /** @type {unknown} */
  let failure = null;
  let entries = 0;
  /** @type {Set<import('fflate').UnzipFile>} */
  const open = new Set();
  let settle = () => {};
  /** Resolves once every file started is read, or at the first failure. */
  const settled = new Promise((resolve) => {
    settle = () => {
      if (failure || open.size === 0) resolve(undefined);
    };
  });
  const fail = (/** @type {unknown} */ error) => {
    failure ??= error;
    for (const entry of open) entry.terminate();
    open.clear();
    settle();
  };
  const unzip = new Unzip((entry) => {
    if (failure) return;
    if (++entries > searchExportLimits.maxZipEntries) return fail(new ImportRefused(searchExportRefusals.tooManyEntries(file.name)));
    const name = entry.name.split('/').pop() ?? entry.name;
    // Not started, so never inflated.
    if (!filesRead.has(name)) return;
    const reader = exportFileReader(name);
    open.add(entry);
    entry.ondata = (error, bytes, final) => {
      if (failure) return;
      try {
        if (error) throw error;
        allowance.take(bytes.length, file.name);
        const rows = reader.push(bytes, final);
        if (rows) {
          read.set(name, rows);
          open.delete(entry);
          settle();
        }
      } catch (caught) {
        fail(caught);
      }
    };
    entry.start();
  });
  unzip.register(ZlibInflate);
  try {
    // The streaming unzipper reads the entries' own headers and stops quietly where they stop; a ZIP that is whole
    // ends with its central directory's end record (22 bytes and a comment of at most 64 KB).
    if (!endRecordIn(file.bytes)) throw new Error('no end of central directory');
    for (let at = 0; at < file.bytes.length && !failure; at += zipChunkBytes) {
      unzip.push(file.bytes.subarray(at, at + zipChunkBytes), at + zipChunkBytes >= file.bytes.length);
      await breathe();
    }
  } catch (error) {
    fail(error);
  }
  settle();
  const deadline = setTimeout(() => fail(new Error('the files did not finish inflating')), zipDeadlineMs);
  await settled;
  clearTimeout(deadline);
  if (failure instanceof ImportRefused) throw failure;
  if (failure) throw new ImportRefused(`${file.name} is not a ZIP file that can be read.`);
}

/** Whether the last 22 bytes + 64 KB of a ZIP hold its end record's signature (PK 5 6). @param {Uint8Array} bytes */
function endRecordIn(bytes) {
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 0x05 && bytes[i + 3] === 0x06) return true;
  }
  return false;
}

/**
 * The export's files by name, as their rows (a ZIP's entries, or the CSVs given), refusing what is not an export.
 * @param {{ name: string, bytes: Uint8Array }[]} files
 * @returns {Promise<Map<string, string[][]>>} base name → rows
 */
export async function exportFiles(files) {
  if (files.length === 0) throw new ImportRefused('Choose the ZIP file Search Console exported, or its Queries.csv and Pages.csv.');
  /** @type {Map<string, string[][]>} */
  const read = new Map();
  const allowance = byteAllowance();
  const breathe = breather();
  for (const file of files) {
    const isZip = file.bytes[0] === 0x50 && file.bytes[1] === 0x4b && file.bytes[2] === 0x03 && file.bytes[3] === 0x04;
    if (isZip) {
      await readZip(file, read, allowance, breathe);
    } else if (/\.csv$/i.test(file.name)) {
      if (file.bytes.length > searchExportLimits.maxUnzippedBytes) throw new ImportRefused(`${file.name} is larger than an export's file.`);
      const name = file.name.split(/[\\/]/).pop() ?? file.name;
      if (!filesRead.has(name)) continue;
      const reader = exportFileReader(name);
      for (let at = 0; ; at += csvChunkBytes) {
        allowance.take(Math.min(csvChunkBytes, Math.max(0, file.bytes.length - at)), file.name);
        const rows = reader.push(file.bytes.subarray(at, at + csvChunkBytes), at + csvChunkBytes >= file.bytes.length);
        if (rows) {
          read.set(name, rows);
          break;
        }
        await breathe();
      }
    } else {
      throw new ImportRefused(`${file.name} is neither a ZIP nor a CSV file: choose the ZIP Search Console exported, or its Queries.csv and Pages.csv.`);
    }
  }
  if (!read.has('Queries.csv') && !read.has('Pages.csv')) {
    throw new ImportRefused(
      `There is no Queries.csv or Pages.csv${files.length === 1 ? ` in ${files[0]?.name}` : ''}: it is not a Search Console Performance export (Performance → Export → Download CSV).`,
    );
  }
  return read;
}
