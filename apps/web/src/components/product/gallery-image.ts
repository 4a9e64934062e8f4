/** One of a product's pictures, as the gallery carousel and the full-screen viewer show it. */
export type GalleryImage = { src: string; srcSet: string | null; sizes: string | null; thumbnail: string; alt: string };
