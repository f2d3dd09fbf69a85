// The photo preparer is loaded when a picture is chosen, never with the editor: its first load stays
// as it was. Call `(await loadImagePreparer()).prepareImage(file)` in the picture field's change.
export const loadImagePreparer = () => import(/* webpackChunkName: "image-preparer" */ './prepareImage');
