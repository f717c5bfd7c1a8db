// How a spreadsheet program reads a CSV file, for the formula-injection tests: any separator (`,` in English
// locales, `;` in German, French, Dutch), records ending at CR, LF or CRLF, a quote opening a quoted field only at the
// start of a field, `""` inside one a quote, and text after its closing quote kept (as Excel and LibreOffice do).
// Optionally leading spaces are dropped first (LibreOffice's "trim spaces").

export function readLikeSpreadsheet(
  text: string,
  options: { separator: ',' | ';'; trimLeadingSpaces?: boolean },
): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let isAtFieldStart = true;
  let isQuoted = false;
  const endField = () => {
    record.push(field);
    field = '';
    isAtFieldStart = true;
  };
  for (let i = text.startsWith('\ufeff') ? 1 : 0; i < text.length; i++) {
    const c = text[i]!;
    if (isQuoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        isQuoted = false;
      } else {
        field += c;
      }
      continue;
    }
    if (isAtFieldStart && options.trimLeadingSpaces && c === ' ') {
      continue;
    }
    if (isAtFieldStart && c === '"') {
      isQuoted = true;
      isAtFieldStart = false;
      continue;
    }
    isAtFieldStart = false;
    if (c === options.separator) {
      endField();
    } else if (c === '\r' || c === '\n') {
      endField();
      records.push(record);
      record = [];
      if (c === '\r' && text[i + 1] === '\n') {
        i++;
      }
    } else {
      field += c;
    }
  }
  if (!isAtFieldStart || field !== '' || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Cells a spreadsheet would run as a formula (OWASP CSV injection): starting with = + - @ once any leading spaces,
 * tabs and line breaks are dropped (some programs drop them). A plain number such as -0.5 is a number.
 */
export function formulaCells(records: string[][]): string[] {
  return records.flat().filter((cell) => {
    const trimmed = cell.replace(/^[ \t\r\n]+/, '');
    return /^[=+\-@]/.test(trimmed) && !NUMBER.test(trimmed);
  });
}
