/** Shown where a product or category has no image (spec: placeholder image). */
export const PLACEHOLDER_IMAGE =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">' +
      '<rect width="400" height="400" fill="#f3f0ec"/>' +
      '<circle cx="200" cy="190" r="58" fill="none" stroke="#d6cfc7" stroke-width="6"/>' +
      '<rect x="170" y="262" width="60" height="8" rx="4" fill="#d6cfc7"/></svg>',
  );
