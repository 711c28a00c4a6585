// The few parts of autocannon's result the benchmarks read (the package ships no types).
declare module 'autocannon' {
  interface Result {
    errors: number
    non2xx: number
    requests: { average: number; total: number }
  }
  export default function autocannon(options: {
    url: string
    connections?: number
    duration?: number
  }): Promise<Result>
}
