import { notFound } from 'next/navigation';

/** Any path no route claims gets the translated 404 page of its language (with HTTP 404). */
export default function UnknownPage() {
  notFound();
}
