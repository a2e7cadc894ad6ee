/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_CHANNEL_CODE?: string;
  readonly VITE_HOME_VIDEO_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
