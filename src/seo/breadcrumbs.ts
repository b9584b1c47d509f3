import { projectFallbackLabel, projectTrailLabel, staticPages } from '~/config/pages';

export interface Crumb {
  name: string;
  path: string;
}

const home: Crumb = { name: staticPages.home.name, path: staticPages.home.path };

/** Every page but home: Home, then the page. */
export function pageTrail(name: string, path: string): Crumb[] {
  return [home, { name, path }];
}

/** A blog post, built or written in the admin: Home > Blog > post. */
export function postTrail(name: string, path: string): Crumb[] {
  return [home, { name: staticPages.blog.name, path: staticPages.blog.path }, { name, path }];
}

/** Case studies: Home > Projects > project name, falling back to a generic label when a study has no title. */
export function projectTrail(name: string | undefined, path: string): Crumb[] {
  return [home, { name: projectTrailLabel, path: staticPages.portfolio.path }, { name: name?.trim() || projectFallbackLabel, path }];
}
