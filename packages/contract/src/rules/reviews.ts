/** A review's stars (1 to this) and the longest text a review or the shop's reply may have. */
export const REVIEW_RATING_MAX = 5;
export const REVIEW_TEXT_MAX = 2000;
