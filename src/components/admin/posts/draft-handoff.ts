/** Where "Use as draft" in AI tools leaves a generated post (this tab's sessionStorage) for the post editor to open with. */
export const aiDraftKey = 'post-draft-from-ai';
