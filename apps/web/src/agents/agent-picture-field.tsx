import { useId, useState, type ChangeEvent } from 'react';
import { useApi } from '../api';
import { uploadedPictureUrl } from '../api/agent-resources';
import { isLocalPicture } from '../conversations/mentions';
import { errorMessage } from '../ui/error-message';
import styles from './agents.module.css';
import { BUILT_IN_PICTURES } from './built-in-pictures';
import { useAgentResourcesApi } from './use-agent-resources';

const PICTURE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

interface PictureFieldProps {
  readonly wId: string;
  /** "" while a new agent has none chosen. */
  readonly value: string;
  readonly onChange: (pictureUrl: string) => void;
}

/**
 * The agent's picture: one of the built-in ones, or an image uploaded through the files routes
 * (as an avatar, which every member may see) and named by its path here.
 */
export function AgentPictureField({ wId, value, onChange }: PictureFieldProps) {
  const uploadId = useId();
  const { files } = useApi();
  const resources = useAgentResourcesApi();
  const [status, setStatus] = useState<{ readonly busy: boolean; readonly message: string | null; readonly failed: boolean }>({ busy: false, message: null, failed: false });

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setStatus({ busy: true, message: `Uploading ${file.name}…`, failed: false });
    try {
      const declared = { contentType: file.type, fileName: file.name, fileSize: file.size };
      const { file: requested } = await resources.requestPictureUpload(wId, declared);
      const { file: read } = await files.upload(wId, requested.sId, { ...declared, bytes: file });
      if (read.status !== 'ready') throw new Error(read.failureReason ?? 'The picture could not be read.');
      onChange(uploadedPictureUrl(wId, read.sId));
      setStatus({ busy: false, message: `${file.name} is the picture now.`, failed: false });
    } catch (failure) {
      setStatus({ busy: false, message: errorMessage(failure), failed: true });
    }
  }

  return (
    <fieldset className={styles.choices}>
      <legend>Picture</legend>
      <div className={styles.choice}>
        {isLocalPicture(value) ? <img className={styles.currentPicture} src={value} alt="The current picture" /> : <span className="muted">{value === '' ? 'The default picture.' : 'A picture from elsewhere.'}</span>}
      </div>
      <div className={styles.pictures}>
        {BUILT_IN_PICTURES.map((picture) => (
          <label key={picture.name} className={styles.choice}>
            <input type="radio" name="built-in-picture" checked={value === picture.url} onChange={() => onChange(picture.url)} />
            <img src={picture.url} alt="" width={40} height={40} />
            {picture.name}
          </label>
        ))}
      </div>
      <div className="field">
        <label htmlFor={uploadId}>Upload a picture</label>
        <input id={uploadId} type="file" accept={PICTURE_TYPES} disabled={status.busy} onChange={(event) => void upload(event)} />
      </div>
      <p role="status" className={status.failed ? 'alert' : 'muted'}>
        {status.message}
      </p>
    </fieldset>
  );
}
