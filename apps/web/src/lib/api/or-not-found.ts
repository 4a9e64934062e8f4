import { notFound } from 'next/navigation';
import { isNotFound } from './catalog';

/** Loads a page's main object; when the API says it does not exist, the page becomes the 404 page. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isNotFound(error)) notFound();
    throw error;
  }
}
