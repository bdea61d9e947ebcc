// The camera scanner (decision 0216): the back camera in a <video>, a frame drawn to a canvas five times a second
// and read by jsQR (loaded only when the camera starts: Chromium on Linux has no BarcodeDetector). A code found pauses
// the reading until the organiser taps 'Scanner le suivant', so one QR held in front of the phone is read once.
import { useCallback, useEffect, useRef, useState } from "react";

type Reader = typeof import("jsqr").default;
const FRAME_MS = 200;

export function Scanner({
  paused,
  onCode,
  onStart,
}: {
  paused: boolean;
  onCode: (text: string) => void;
  /** The camera starts: the last result is put away. */
  onStart: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const reader = useRef<Reader | null>(null);
  const [on, setOn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  const stop = useCallback(() => {
    for (const t of stream.current?.getTracks() ?? []) t.stop();
    stream.current = null;
    setOn(false);
  }, []);

  const start = useCallback(async () => {
    setError(null);
    try {
      reader.current ??= (await import("jsqr")).default;
      const s = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      stream.current = s;
      if (video.current) {
        video.current.srcObject = s;
        await video.current.play();
      }
      setOn(true);
      onStart();
    } catch (e) {
      console.warn("camera", e);
      setError("La caméra n'est pas disponible\u00a0: autorisez-la, ou cherchez le coureur par son nom ci-dessous.");
    }
  }, [onStart]);

  useEffect(() => {
    if (!on) return;
    const timer = window.setInterval(() => {
      const v = video.current;
      const c = canvas.current;
      const read = reader.current;
      if (pausedRef.current || !v || !c || !read || v.readyState < 2 || !v.videoWidth) return;
      c.width = v.videoWidth;
      c.height = v.videoHeight;
      const g = c.getContext("2d", { willReadFrequently: true });
      if (!g) return;
      g.drawImage(v, 0, 0, c.width, c.height);
      const image = g.getImageData(0, 0, c.width, c.height);
      const code = read(image.data, image.width, image.height, { inversionAttempts: "dontInvert" });
      if (code?.data) onCodeRef.current(code.data);
    }, FRAME_MS);
    return () => window.clearInterval(timer);
  }, [on]);

  useEffect(() => stop, [stop]);

  return (
    <div className="desk-scanner">
      <video
        ref={video}
        className={on ? "desk-video" : "desk-video desk-video-off"}
        muted
        playsInline
        aria-label="Caméra"
      />
      <canvas ref={canvas} hidden />
      {on ? (
        <button type="button" className="btn btn-ghost" onClick={stop}>
          Arrêter la caméra
        </button>
      ) : (
        <button type="button" className="btn btn-primary desk-scan-button" onClick={start}>
          Scanner un QR code
        </button>
      )}
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
