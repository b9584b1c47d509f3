// @ts-check
// This website's id among the watched sites: one id, so every instance writes the same row. Plain JavaScript so the
// search sync (`npm run search:sync`, outside the bundle) keys this site's search data by it too.
export const ownSiteId = 'this-site';
