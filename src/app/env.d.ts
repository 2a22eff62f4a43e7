/// <reference types="svelte" />
/// <reference types="vite/client" />
declare const __FAIRGROUND_VERSION__: string;
