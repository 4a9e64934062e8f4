/** The longest order notes and gift-card message an order takes; the cart keeps them for checkout within the same. */
export const ORDER_NOTES_MAX = 500;
export const GIFT_MESSAGE_MAX = 300;
