/** Words and reading time of a post, the same for built posts and those written in the admin. */
import { readingWordsPerMinute } from '~/config/posts';

/** Words in a Markdown body, for reading time and BlogPosting.wordCount. */
export function wordCount(markdown: string | undefined): number {
  return (markdown ?? '')
    .replace(/[#>*_`\-[\]()!|]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
}

/** Minutes to read, rounded up (a 396-word post is 2 minutes, not 1), at least 1. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / readingWordsPerMinute));
}
