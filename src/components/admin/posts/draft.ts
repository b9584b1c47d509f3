/** The editor's working copy of a post (what the fields hold) and how it maps to and from the saved post. */
import { postPaths } from '~/config/posts';
import type { PostDetail } from '~/lib/post-types';
import { slugify, splitKeywords, type PostFields } from '~/lib/posts';
import { aiDraftKey } from './draft-handoff';

export interface Draft {
  title: string;
  slug: string;
  slugEdited: boolean;
  description: string;
  keywords: string;
  body: string;
  coverId: string | null;
  coverAlt: string;
  coverPreview: string | null;
  /** The name of the file just chosen (unknown for a cover saved before). */
  coverName: string | null;
}

export const emptyDraft: Draft = {
  title: '',
  slug: '',
  slugEdited: false,
  description: '',
  keywords: '',
  body: '',
  coverId: null,
  coverAlt: '',
  coverPreview: null,
  coverName: null,
};

export const fromPost = (post: PostDetail): Draft => ({
  title: post.title,
  slug: post.slug,
  slugEdited: true,
  description: post.description,
  keywords: post.keywords.join(', '),
  body: post.body,
  coverId: post.coverId,
  coverAlt: post.coverAlt,
  coverPreview: post.coverId ? postPaths.cover(post.coverId, 800, 'webp') : null,
  coverName: null,
});

export const toFields = (d: Draft): PostFields => ({
  title: d.title.trim(),
  slug: d.slug.trim(),
  description: d.description.trim(),
  keywords: splitKeywords(d.keywords),
  body: d.body,
  coverId: d.coverId,
  coverAlt: d.coverAlt.trim(),
});

export const fieldLabels: Record<keyof PostFields, string> = {
  title: 'Title',
  slug: 'Slug',
  description: 'Description',
  keywords: 'Keywords',
  body: 'Body (Markdown)',
  coverId: 'Cover image',
  coverAlt: 'Alt text',
};

/** The AI generator's post left for this editor, if any (removed once read). */
export function takeAiDraft(): Draft | null {
  const stored = sessionStorage.getItem(aiDraftKey);
  if (!stored) return null;
  sessionStorage.removeItem(aiDraftKey);
  try {
    const ai = JSON.parse(stored) as { title?: string; description?: string; keywords?: string[]; body?: string };
    return {
      ...emptyDraft,
      title: ai.title ?? '',
      slug: slugify(ai.title ?? ''),
      description: ai.description ?? '',
      keywords: (ai.keywords ?? []).join(', '),
      body: ai.body ?? '',
    };
  } catch {
    return null;
  }
}
