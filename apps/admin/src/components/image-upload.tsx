/**
 * Pictures in: drop files on the zone or choose them (several at once where `multiple`). Each file is uploaded as it
 * is; the API decides what it is from its bytes and answers a refusal in the page's language, shown by the file's name.
 */
import { useId, useState, type DragEvent } from 'react';
import type { MediaUpload, UploadPurpose } from '@attar/contract';
import { useUpload } from '../api/media';
import { useI18n, errorMessage } from '../lib/i18n';
import { Ltr, Notice } from './ui';

export function ImageDropZone({
  purpose,
  multiple = false,
  label,
  onUploaded,
}: {
  purpose: UploadPurpose;
  multiple?: boolean;
  label: string;
  onUploaded(upload: MediaUpload): void;
}) {
  const { t } = useI18n();
  const upload = useUpload();
  const inputId = useId();
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<{ name: string; message: string }[]>([]);

  const send = async (files: File[]) => {
    setRefusals([]);
    // One at a time: the order they were chosen in is the order they are added in.
    for (const file of multiple ? files : files.slice(0, 1)) {
      setBusy(file.name);
      try {
        onUploaded(await upload.mutateAsync({ file, purpose }));
      } catch (error) {
        setRefusals((list) => [...list, { name: file.name, message: errorMessage(t, error) }]);
      }
    }
    setBusy(null);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void send([...event.dataTransfer.files]);
  };

  return (
    <div className="flex flex-col gap-2">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={`flex flex-col items-center gap-2 rounded-md border-2 border-dashed px-4 py-6 text-center text-sm ${
          over ? 'border-gold bg-gold/10' : 'border-line'
        }`}
      >
        <span>{t('dropPictures')}</span>
        <label htmlFor={inputId} className="cursor-pointer rounded-md border border-gold px-3 py-1.5 text-gold hover:bg-gold/10">
          {label}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple={multiple}
          className="sr-only"
          disabled={busy !== null}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void send(files);
          }}
        />
        <span className="text-xs text-mist">
          {t('pictureRules')} <Ltr>JPEG · PNG · WebP</Ltr>
        </span>
      </div>
      {busy && (
        <p role="status" className="text-sm text-mist">
          {t('uploading')} <Ltr>{busy}</Ltr>…
        </p>
      )}
      {refusals.map((refusal) => (
        <Notice key={refusal.name} tone="error">
          <Ltr>{refusal.name}</Ltr>: {refusal.message}
        </Notice>
      ))}
    </div>
  );
}
