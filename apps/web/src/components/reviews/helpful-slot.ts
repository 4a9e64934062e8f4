/** The slot under each review where the helpful button goes (its value: the review's id), rendered by the server. */
export const HELPFUL_SLOT = 'data-review-helpful';
