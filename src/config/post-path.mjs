// @ts-check
// Where a blog post lives, in plain JavaScript: the IndexNow run lists the admin's posts from the database in the
// command-line script too, outside the TypeScript build. paths.ts hands the same function to everything else.

/** @param {string} id a post's slug (a Markdown file's name, or an admin post's) */
export const postPath = (id) => `/blog/${id}`;
