import { useState } from 'react';
import { useApi, type DataSourceAddress } from '../api';
import { ChooseFilesButton } from '../ui/choose-files-button';
import { uploadFailureReason, uploadFile, type UploadState } from './upload-file';
import { UploadList } from './upload-list';

let nextKey = 0;

/**
 * "Upload documents": a button in front of a hidden file input; each file chosen is uploaded with
 * its progress shown, then made a document of the data source (titled by its name) from the text
 * the api extracted. `onAdded` runs after each, so the list shows it.
 */
export function DocumentUploads({ at, onAdded }: { readonly at: DataSourceAddress; readonly onAdded: () => void }) {
  const api = useApi();
  const [uploads, setUploads] = useState<readonly UploadState[]>([]);

  const update = (next: UploadState) => setUploads((list) => list.map((item) => (item.key === next.key ? next : item)));

  async function add(file: File) {
    const key = `upload-${(nextKey += 1)}`;
    const fileName = file.name;
    setUploads((list) => [...list, { key, fileName, phase: 'uploading', percent: 0 }]);
    try {
      const fileId = await uploadFile(api, at.wId, file, (toUpload) => api.dataSources.requestDocumentUpload(at.wId, toUpload), (percent) =>
        update(percent < 100 ? { key, fileName, phase: 'uploading', percent } : { key, fileName, phase: 'processing' }),
      );
      update({ key, fileName, phase: 'processing' });
      await api.dataSources.upsertFile(at, fileId, fileName);
      update({ key, fileName, phase: 'done' });
      onAdded();
    } catch (failure) {
      update({ key, fileName, phase: 'failed', reason: uploadFailureReason(failure) });
    }
  }

  return (
    <div>
      <ChooseFilesButton label="Upload documents" inputLabel="Documents to upload" onFiles={(files) => files.forEach((file) => void add(file))} />
      <UploadList uploads={uploads} doneLabel="Added" />
    </div>
  );
}
