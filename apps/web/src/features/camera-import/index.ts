/** What app/page-loaders.tsx composes into a site's Manage page. */
export { CameraImportPanel } from './components/camera-import-panel.tsx';
