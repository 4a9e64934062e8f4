/**
 * Where uploaded pictures live: one interface, two places. Local disk (the media root the API serves) by default;
 * an S3-compatible bucket when S3_BUCKET is set, so every API instance of a fleet sees the same files. Paths are
 * below the media root either way (`uploads/product/…-1200.webp`), and the API serves both at `/media/…`.
 */
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config, MediaStorageConfig } from '../config';

export type StoredFile = { body: Readable; contentType: string; bytes: number | undefined };

export interface MediaStorage {
  put(file: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(file: string): Promise<StoredFile | null>;
  /** Throws when the storage cannot be reached or written (`/api/ready`). */
  check(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg' };

export function localStorage(root: string): MediaStorage {
  const resolve = (file: string) => {
    const full = path.resolve(root, file);
    // Paths come from the API itself, but a stored path must never leave the media root.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`media path outside the root: ${file}`);
    return full;
  };
  return {
    async put(file, body) {
      const full = resolve(file);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, body);
    },
    async get(file) {
      const full = resolve(file);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        body: createReadStream(full),
        contentType: CONTENT_TYPES[path.extname(full)] ?? 'application/octet-stream',
        bytes: info.size,
      };
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}

export function s3Storage(settings: Extract<MediaStorageConfig, { kind: 's3' }>): MediaStorage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 demands them: many S3-compatible servers do not know the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    async put(file, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: file,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(file) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: file }));
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          bytes: object.ContentLength,
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NotFound') return null;
        throw error;
      }
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
    },
  };
}

export const createMediaStorage = (config: Pick<Config, 'storage' | 'mediaDir'>): MediaStorage =>
  config.storage.kind === 's3' ? s3Storage(config.storage) : localStorage(config.mediaDir);
