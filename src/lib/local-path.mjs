// @ts-check
// A redirect target that stays on this site. Browsers read `//host` and `/\host` as another site, so a local path is
// one slash followed by anything but a slash or a backslash. Shared by the sign-in return address and the HTTP front.

/** @param {string} path */
export function isLocalPath(path) {
  return /^\/(?![/\\])/.test(path) && !/[\u0000-\u001f\u007f]/.test(path);
}
