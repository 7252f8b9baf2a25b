/** Reads a chosen file as the data URL the server takes, with the file name in it. */
export function readFileAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      const type = file.type || 'application/octet-stream';
      resolve(url.replace(/^data:[^;,]*(;base64)?,/, `data:${type};name=${encodeURIComponent(file.name)};base64,`));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
