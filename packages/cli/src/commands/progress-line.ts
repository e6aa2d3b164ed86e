import type { ProgressUpdate } from '@opendata-mcp/core';

export interface ProgressLine {
  report(update: ProgressUpdate): void;
  /** Clears the line, so the answer or a following message starts on a clean one. */
  done(): void;
}

const CLEAR = '\r\u001b[K';
const MAX_WIDTH = 100;

/**
 * One self-overwriting status line on a terminal's stderr while a call reports progress
 * (downloading, loading, paging). Nothing is written until the first report, and a line is
 * rewritten only when its text changes.
 */
export function createProgressLine(write: (text: string) => void): ProgressLine {
  let shown = '';
  let message = '';
  return {
    report(update) {
      message = update.message ?? message;
      const text = `${message || 'Working'}: ${amount(update)}`.slice(0, MAX_WIDTH);
      if (text === shown) return;
      shown = text;
      write(`${CLEAR}${text}`);
    },
    done() {
      if (shown) write(CLEAR);
      shown = '';
    },
  };
}

function amount({ progress, total }: ProgressUpdate): string {
  if (total && total > 0) {
    const percent = Math.min(100, Math.floor((progress / total) * 100));
    return `${percent}% (${count(progress)} of ${count(total)})`;
  }
  return count(progress);
}

/** Large counts are bytes or rows: grouped in thousands they read at a glance. */
function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
