/**
 * hls.js's light build (`hls.js/light`: HLS playback without subtitles, alternate audio tracks or DRM — a camera's live
 * view needs none of them), about a third smaller than the full build. The package ships no typings for this entry;
 * its API is the full build's.
 */
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
