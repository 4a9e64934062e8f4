/** How many reviews a page of the product page shows (the server reader and the browser ask for the same page). */
export const REVIEWS_PAGE_SIZE = 5;
