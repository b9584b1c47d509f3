/** Blog posts written in the admin: addresses (the API's are in admin.ts's `adminApi`), limits and messages, shared by the editor, endpoints and tests. */
import { ukTimeZone } from './time-zone.mjs';

export const postPaths = {
  list: '/admin/posts',
  editor: (id: string) => `/admin/posts/${encodeURIComponent(id)}`,
  newPost: '/admin/posts/new',
  preview: (id: string) => `/admin/posts/${encodeURIComponent(id)}/preview`,
  /** A cover image of an admin post, one size and format. */
  cover: (id: string, width: number, format: CoverFormat) => `/media/posts/${id}-${width}.${format}`,
  /** An admin post's social card (built posts' are files under /og/blog/). */
  socialCard: (slug: string) => `/og/posts/${slug}.png`,
} as const;

export const postActions = ['publish', 'unpublish', 'restore'] as const;
export type PostAction = (typeof postActions)[number];

export const postStatuses = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type PostStatus = (typeof postStatuses)[number];
export const postStatusLabels: Record<PostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  unpublished: 'Unpublished',
};

/** Scheduled times are given and shown in the business's time zone. */
export const postTimeZone = ukTimeZone;

export const postLimits = {
  titleMax: 120,
  slugMax: 80,
  descriptionMax: 300,
  keywordsMax: 12,
  bodyMax: 100_000,
  altMax: 200,
  /** Cover uploads: JPEG, PNG or WebP, at most this many bytes. */
  coverMaxBytes: 10 * 1024 * 1024,
  /** How often the editor saves a draft on its own while the owner types. */
  autosaveMs: 4000,
  /** How often the scheduler looks for posts whose time has come. */
  schedulerEveryMs: 5000,
} as const;

/** Reading speed for a post's "N min read" (an adult's silent reading of prose is about 200–250 words a minute). */
export const readingWordsPerMinute = 220;

/** The widths a cover is made in (as the build's images: a few sizes, AVIF and WebP). */
export const coverWidths = [480, 800, 1200] as const;
export const coverFormats = ['avif', 'webp'] as const;
/** The encoders' quality for each cover format: the admin's uploads and the built posts' covers alike. */
export const coverQuality = { avif: 55, webp: 75 } as const;
export type CoverFormat = (typeof coverFormats)[number];
export const coverTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const postMessages = {
  titleEmpty: 'Give the post a title.',
  titleLong: `Keep the title to ${postLimits.titleMax} characters or fewer.`,
  slugInvalid: 'Use lower-case letters, numbers and single hyphens (for example "local-seo-tips").',
  slugTaken: 'That address is taken by another post. Choose another slug.',
  descriptionNeeded: 'Write a description before publishing: it is the snippet search engines show.',
  bodyNeeded: 'Write the post before publishing.',
  altNeeded: 'Describe the cover image in "Alt text" (what it shows).',
  coverTooLarge: `The image is larger than ${postLimits.coverMaxBytes / 1024 / 1024} MB. Choose a smaller one.`,
  coverNotImage: 'That file is not a JPEG, PNG or WebP image.',
  scheduleInPast: 'Choose a date and time in the future (UK time), or publish now.',
  scheduleInvalid: 'Give a valid date and time.',
  conflict: 'This post was changed in another tab or window since you opened it. Your text is kept below; nothing was saved.',
  notFound: 'There is no such post.',
  deleteOnlyDraft: 'Only a draft can be deleted. Unpublish the post instead.',
  notPublished: 'The post is not published.',
  noVersion: 'There is no earlier version to restore.',
  /** The editor opened with a Blog Post from AI tools: it is saved only when the owner says so. */
  fromAi: 'Filled from the AI generator. Nothing is saved yet: check the SEO checks, then press "Save draft" to keep it.',
  /** Asked before a live post is taken down (its address then answers 410 Gone). */
  unpublishConfirm: {
    title: 'Unpublish this post?',
    body: 'The page will answer 410 Gone: visitors and search engines are told it was removed, and it leaves the blog, the sitemap and the feed. You can publish it again later.',
    confirm: 'Unpublish — the page will answer 410',
    cancel: 'Keep it live',
  },
} as const;
