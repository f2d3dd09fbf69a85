export default function Home() {
  return <h1>Welcome to FolioForge</h1>;
}
